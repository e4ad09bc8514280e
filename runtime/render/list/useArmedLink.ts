import { useEffect, useRef, useState } from 'react';

/**
 * A row link whose popup (a confirm, a dropdown) is mounted around it on its first click rather than with the row:
 * every row of a page shows the link, and a popup trigger (rc-trigger, a portal, observers) was paid for on each
 * row's first render, for a popup most visits never open. `arm` mounts it; the link keeps the focus it had.
 */
export function useArmedLink() {
  const [armed, setArmed] = useState(false);
  const link = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // mounting the popup around the link made a new link element: give it the focus the clicked one had
    if (armed) link.current?.focus();
  }, [armed]);
  return { armed, link, arm: () => setArmed(true) };
}
