import { useEffect } from 'react';

export interface ShortcutActions {
  undo(): void;
  redo(): void;
  save(): void;
  removeSelected(): void;
}

/** Whether the key went to a text box (its own undo and Delete win there). */
function typing(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.tagName === 'INPUT' || element.tagName === 'TEXTAREA' || element.isContentEditable);
}

/** Ctrl/⌘+Z undo, Ctrl/⌘+Y or Ctrl/⌘+Shift+Z redo, Ctrl/⌘+S save, Delete removes the selected field. */
export function useShortcuts(actions: ShortcutActions): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && key === 's') {
        event.preventDefault();
        actions.save();
        return;
      }
      if (typing(event.target)) return;
      if (mod && key === 'z' && !event.shiftKey) {
        event.preventDefault();
        actions.undo();
      } else if (mod && (key === 'y' || (key === 'z' && event.shiftKey))) {
        event.preventDefault();
        actions.redo();
      } else if (key === 'delete') actions.removeSelected();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions]);
}
