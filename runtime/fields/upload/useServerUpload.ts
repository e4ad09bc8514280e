import { App, Upload, type UploadProps } from 'antd';
import { useRuntime } from '../../render/RuntimeProvider';
import { alreadyShown } from '../../render/useFeedback';
import { exceedsCount, type UploadProblem } from '../../upload/uploadRules';
import { useFieldText } from '../useFieldText';
import { uploadToServer } from './storedFiles';

type BeforeUpload = NonNullable<UploadProps['beforeUpload']>;

/**
 * What FileUpload and ImageUpload share: the pre-send check (the widget's own rule, then the count
 * limit, warned once per batch) and the request to /sys/common/upload, whose refusal message shows 1 s.
 */
export function useServerUpload(options: {
  biz: string;
  existing: number;
  limit: number;
  countKey: string;
  check: (file: File) => Promise<UploadProblem | null> | UploadProblem | null;
}) {
  const { http } = useRuntime();
  const { message } = App.useApp();
  const t = useFieldText();

  const beforeUpload: BeforeUpload = async (file, batch) => {
    const problem = await options.check(file);
    if (problem) {
      void message.warning(t(problem.key, problem.values));
      return Upload.LIST_IGNORE;
    }
    if (exceedsCount(options.existing, batch.length, options.limit)) {
      if (file === batch[0]) void message.warning(t(options.countKey, { n: options.limit }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: NonNullable<UploadProps['customRequest']> = ({ file, onSuccess, onError }) => {
    const blob = file as File;
    uploadToServer(http, blob, options.biz).then(
      (path) => onSuccess?.({ message: path }),
      (error: Error) => {
        // spec 000 §8 "upload failure: server message or 'unknown error' (1.5 s)", unless the HTTP client showed it
        if (!alreadyShown(error)) void message.error(error.message || t('upload.failed', { file: blob.name }), 1.5);
        onError?.(error);
      },
    );
  };

  return { beforeUpload, customRequest, t };
}
