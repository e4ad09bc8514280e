/** Spec 000 §2: the page root font size scales with the width against a 1920 px reference (100 px at 1920). */
export const ROOT_FONT_REFERENCE_WIDTH = 1920;

export function rootFontSize(width: number): string {
  return `${(width / ROOT_FONT_REFERENCE_WIDTH) * 100}px`;
}

/**
 * Keeps <html>'s font size in step with the window width. Only rem units follow it: the body's own text
 * stays at 14 px (styles/global.css), so antd (px-based) is unaffected. Returns the listener's removal.
 */
export function scaleRootFont(win: Window = window): () => void {
  const apply = () => {
    win.document.documentElement.style.fontSize = rootFontSize(win.document.documentElement.clientWidth || win.innerWidth);
  };
  apply();
  win.addEventListener('resize', apply);
  return () => win.removeEventListener('resize', apply);
}
