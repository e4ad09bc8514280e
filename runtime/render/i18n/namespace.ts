/** The i18next namespace of the renderer's own texts (buttons, confirms, dialog titles). Its own file: the
 * sign-in page's slider needs the name without the three catalogues. */
export const RENDER_NAMESPACE = 'render';
