/**
 * The upload widgets' checks of spec 000 §5 / 001 §5, before a byte is sent. Each answers null or the
 * i18n key (in the 'fields' namespace) and values of the message to show; the server checks again.
 */

export type SizeUnit = 'KB' | 'MB' | 'GB';
/** spec 000 §5: KB = 1024, MB = 1,048,576, GB = 1,073,741,824 bytes */
export const UNIT_BYTES: Readonly<Record<SizeUnit, number>> = { KB: 1024, MB: 1_048_576, GB: 1_073_741_824 };
/** spec 000 §9: default size limit 5 MB */
export const DEFAULT_MAX_SIZE = { size: 5, unit: 'MB' as SizeUnit };
/** spec 000 §5: default count in multiple mode; 0 means unlimited */
export const DEFAULT_FILE_COUNT = 5;
export const DEFAULT_IMAGE_COUNT = 1;
/** spec 000 §9 / 001 §5: an ID photo is at most 400×594 */
export const ID_PHOTO = { width: 400, height: 594, extensions: ['jpg', 'jpeg', 'png'] } as const;

export interface UploadProblem {
  key: string;
  values?: Record<string, string | number>;
}

export interface CandidateFile {
  name: string;
  size: number;
  /** the browser's MIME type ('' when unknown) */
  type: string;
}

export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(name);
  return match ? (match[1] as string).toLowerCase() : '';
}

export function exceedsSize(file: CandidateFile, size: number, unit: SizeUnit): boolean {
  return file.size > size * UNIT_BYTES[unit];
}

/** The count rule: a limit of 0 is unlimited; otherwise the files already there plus the new ones may not exceed it. */
export function exceedsCount(existing: number, adding: number, limit: number): boolean {
  return limit > 0 && existing + adding > limit;
}

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp']);

export interface ImageRules {
  maxSize?: number;
  unit?: SizeUnit;
  /** only jpg, jpeg and png (spec 001 §5 images) */
  jpgPngOnly?: boolean;
}

/** Image upload: must be an image, of the allowed formats, under the size limit. */
export function checkImage(file: CandidateFile, rules: ImageRules = {}): UploadProblem | null {
  const extension = extensionOf(file.name);
  const isImage = file.type.startsWith('image/') || IMAGE_EXTENSIONS.has(extension);
  if (!isImage || extension === 'svg' || file.type === 'image/svg+xml') return { key: 'upload.notImage' };
  if (rules.jpgPngOnly && !(ID_PHOTO.extensions as readonly string[]).includes(extension)) return { key: 'upload.jpgPngOnly' };
  const size = rules.maxSize ?? DEFAULT_MAX_SIZE.size;
  const unit = rules.unit ?? DEFAULT_MAX_SIZE.unit;
  if (exceedsSize(file, size, unit)) return { key: 'upload.imageTooLarge', values: { n: size, unit } };
  return null;
}

/** The ID-photo rule on the decoded size: jpg/jpeg/png at most 400×594, naming the actual size. */
export function checkIdPhoto(file: CandidateFile, width: number, height: number): UploadProblem | null {
  if (!(ID_PHOTO.extensions as readonly string[]).includes(extensionOf(file.name))) return { key: 'upload.jpgPngOnly' };
  if (width > ID_PHOTO.width || height > ID_PHOTO.height) return { key: 'upload.idPhotoSize', values: { w: width, h: height } };
  return null;
}

/** The file widget's type modes (spec 000 §5). */
export type FileTypeMode = 'pdf' | 'doc,docx,Excel' | 'doc,docx,pdf';
const TYPE_MODES: Readonly<Record<FileTypeMode, { extensions: string[]; key: string }>> = {
  pdf: { extensions: ['pdf'], key: 'upload.pdfOnly' },
  'doc,docx,Excel': { extensions: ['doc', 'docx', 'xls', 'xlsx'], key: 'upload.wordOrExcel' },
  'doc,docx,pdf': { extensions: ['doc', 'docx', 'pdf'], key: 'upload.wordOrPdf' },
};

export interface FileRules {
  maxSize?: number;
  unit?: SizeUnit;
  typeMode?: FileTypeMode;
  /** extensions the model's field accepts ('.pdf', 'docx'), when it names them */
  accept?: string[];
}

/** File upload: the type mode or accepted extensions, then the size limit. */
export function checkFile(file: CandidateFile, rules: FileRules = {}): UploadProblem | null {
  const extension = extensionOf(file.name);
  if (rules.typeMode) {
    const mode = TYPE_MODES[rules.typeMode];
    if (!mode.extensions.includes(extension)) return { key: mode.key };
  }
  if (rules.accept && rules.accept.length > 0 && !rules.accept.map((a) => a.replace(/^\./, '').toLowerCase()).includes(extension)) {
    return { key: 'upload.typeNotAccepted', values: { types: rules.accept.join(', ') } };
  }
  const size = rules.maxSize ?? DEFAULT_MAX_SIZE.size;
  const unit = rules.unit ?? DEFAULT_MAX_SIZE.unit;
  if (exceedsSize(file, size, unit)) return { key: 'upload.fileTooLarge', values: { n: size, unit } };
  return null;
}

/** The upload answer counts as success only with code 200 (spec 000 §5); its message is shown either way. */
export function isUploadSuccess(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && (answer as { code?: unknown }).code === 200;
}
