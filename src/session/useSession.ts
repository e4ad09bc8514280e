import { useSnapshot } from 'valtio';
import { useAppServices } from '../app/AppServices';
import type { SessionState } from './createSessionStore';

/** The session for rendering (re-renders on change); mutate through useAppServices().session. */
export function useSession(): Readonly<SessionState> {
  const { session } = useAppServices();
  return useSnapshot(session.state) as Readonly<SessionState>;
}
