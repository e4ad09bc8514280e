import { useSnapshot } from 'valtio';
import { useAppServices } from '../app/AppServices';
import type { LayoutSettings } from './createSettingsStore';

/** The layout settings for rendering (re-renders on change); change them through useAppServices().settings. */
export function useSettings(): Readonly<LayoutSettings> {
  return useSnapshot(useAppServices().settings.state);
}
