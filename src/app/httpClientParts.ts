// The HTTP client and its error catalogue's texts, fetched together on demand by the entry (main.tsx:
// createLazyHttpClient): a stage of its own (scripts/routeChunks.ts), so that the sign-in request, the first
// to need it, fetches neither antd nor the parts the app area shares with later screens.
export { createHttpClient } from '../../runtime/data/createHttpClient';
export { dataResources } from '../../runtime/data/i18n';
