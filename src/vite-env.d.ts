/// <reference types="vite/client" />

/** Build-time settings of the client (per environment; see src/pages/userLayoutConfig.ts). */
interface ImportMetaEnv {
  /** the QR base address of the app download page on the sign-in screen; default: this site */
  readonly VITE_QR_BASE_URL?: string;
  /** the record-filing number in the sign-in screen's footer; none when unset */
  readonly VITE_RECORD_FILING?: string;
}
