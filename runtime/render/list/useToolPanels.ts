import { useCallback, useState } from 'react';
import type { ToolPanel } from './ListTools';

/**
 * Which of a list's lazily loaded tools (advanced query, import, column settings) is open, and those opened
 * once: they stay mounted, so closing keeps its animation and reopening keeps their state.
 */
export function useToolPanels() {
  const [panel, setPanel] = useState<ToolPanel | null>(null);
  const [mounted, setMounted] = useState<ReadonlySet<ToolPanel>>(() => new Set());
  const openPanel = useCallback((which: ToolPanel) => {
    setMounted((all) => (all.has(which) ? all : new Set([...all, which])));
    setPanel(which);
  }, []);
  const closePanel = useCallback(() => setPanel(null), []);
  return { panel, mounted, openPanel, closePanel };
}
