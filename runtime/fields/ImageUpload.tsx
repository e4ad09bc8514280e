import { PlusOutlined } from '@ant-design/icons';
import { connect, mapReadPretty } from '@formily/react';
import { Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { checkIdPhoto, checkImage, DEFAULT_IMAGE_COUNT, type SizeUnit } from '../upload/uploadRules';
import { fileListOf, nameOfPath, pathsOf, valueOf } from './upload/storedFiles';
import { useServerUpload } from './upload/useServerUpload';

export interface ImageUploadProps {
  value?: string;
  onChange?: (value: string) => void;
  /** images at most (default 1); 0 is unlimited */
  maxCount?: number;
  maxSize?: number;
  unit?: SizeUnit;
  /** jpg/jpeg/png only */
  jpgPngOnly?: boolean;
  /** the ID-photo rule: jpg/jpeg/png at most 400×594 */
  idPhoto?: boolean;
  biz?: string;
  disabled?: boolean;
}

function imageSize(file: Blob): Promise<{ width: number; height: number }> {
  return createImageBitmap(file).then((bitmap) => {
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  });
}

function ImageUploadInput({ value, onChange, maxCount = DEFAULT_IMAGE_COUNT, maxSize, unit, jpgPngOnly, idPhoto, biz = 'image', disabled }: ImageUploadProps) {
  const [list, setList] = useState<UploadFile[]>(() => fileListOf(value));
  const { beforeUpload, customRequest, t } = useServerUpload({
    biz,
    existing: list.length,
    limit: maxCount,
    countKey: 'upload.imageCount',
    check: async (file) => {
      const problem = checkImage(file, { maxSize, unit, jpgPngOnly: jpgPngOnly || idPhoto });
      if (problem || !idPhoto) return problem;
      const { width, height } = await imageSize(file);
      return checkIdPhoto(file, width, height);
    },
  });
  const full = maxCount > 0 && list.length >= maxCount;

  return (
    <Upload
      listType="picture-card"
      accept={jpgPngOnly || idPhoto ? '.jpg,.jpeg,.png' : 'image/*'}
      fileList={list}
      disabled={disabled}
      multiple={maxCount !== 1}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onChange={({ fileList }) => {
        setList(fileList);
        onChange?.(valueOf(fileList));
      }}
    >
      {full ? null : <PlusOutlined aria-label={t('upload.button')} />}
    </Upload>
  );
}

function ImageUploadView({ value }: Pick<ImageUploadProps, 'value'>) {
  return <span>{pathsOf(value).map(nameOfPath).join(', ')}</span>;
}

/** Image upload with the spec's image, size, count and ID-photo rules; the value is the stored paths. */
export const ImageUpload = connect(ImageUploadInput, mapReadPretty(ImageUploadView));
