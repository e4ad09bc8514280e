/** The product mark: a flask in a cloud, drawn inline so the sign-in page needs no image request. */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path d="M14 36a9 9 0 0 1-1-17.9A12 12 0 0 1 36 16a10 10 0 0 1-1 20z" fill="#1890FF" />
      <path d="M21 18h6v5l5 9a2 2 0 0 1-1.8 3H17.8a2 2 0 0 1-1.8-3l5-9z" fill="#fff" />
      <path d="M18.5 30h11" stroke="#1890FF" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
