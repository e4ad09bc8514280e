import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useAppServices } from '../app/AppServices';
import { createPrefixedStorage } from '../session/createPrefixedStorage';
import { createBusinessTokenSource, type BusinessTokenSource } from './businessToken';

const BusinessTokenContext = createContext<BusinessTokenSource | null>(null);

/** One token source per signed-in app area, so the side menu and the top menu share the 5 s rule. */
export function BusinessTokenProvider({ children }: { children: ReactNode }) {
  const { http } = useAppServices();
  const source = useMemo(() => createBusinessTokenSource(http, createPrefixedStorage(window.localStorage)), [http]);
  return <BusinessTokenContext.Provider value={source}>{children}</BusinessTokenContext.Provider>;
}

export function useBusinessToken(): BusinessTokenSource {
  const source = useContext(BusinessTokenContext);
  if (!source) throw new Error('useBusinessToken: wrap the menus in <BusinessTokenProvider>');
  return source;
}
