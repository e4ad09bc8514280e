import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 000 §2: "page title · product name"; null (the home page) gives the product name alone. */
export function usePageTitle(title: string | null): void {
  const { t } = useTranslation();
  const product = t('product.name');
  useEffect(() => {
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);
}
