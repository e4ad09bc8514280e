/** Where the browser tests' server listens and how its admin signs in (a throwaway install). */
export const E2E_PORT = Number(process.env.CLOUDLAB_E2E_PORT ?? 18080);
export const E2E_ADMIN_PASSWORD = 'E2eAdmin2026';
