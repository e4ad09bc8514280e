import { UploadOutlined } from '@ant-design/icons';
import { connect, mapReadPretty } from '@formily/react';
import { Button, List, Progress, Space, Upload } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useRuntime } from '../render/RuntimeProvider';
import { createChunkedUpload, type ChunkedUpload, type ChunkUploadSnapshot } from '../upload/createChunkedUpload';
import { hashFile } from '../upload/hashFile';
import { nameOfPath, pathsOf } from './upload/storedFiles';
import { httpChunkTransport } from './upload/httpChunkTransport';
import { useFieldText } from './useFieldText';

export interface ChunkUploadProps {
  /** the merged files' download addresses, comma-joined */
  value?: string;
  onChange?: (value: string) => void;
  biz?: string;
  disabled?: boolean;
}

interface Entry {
  key: string;
  name: string;
  upload: ChunkedUpload;
}

function useSnapshot(upload: ChunkedUpload): ChunkUploadSnapshot {
  const [snapshot, setSnapshot] = useState(upload.snapshot());
  useEffect(() => upload.subscribe(setSnapshot), [upload]);
  return snapshot;
}

function ChunkRow({ entry, onDone }: { entry: Entry; onDone: (url: string) => void }) {
  const t = useFieldText();
  const snapshot = useSnapshot(entry.upload);
  const { upload } = entry;
  useEffect(() => {
    if (snapshot.state === 'success' && snapshot.result) onDone(snapshot.result.url);
  }, [snapshot.state, snapshot.result, onDone]);
  if (snapshot.state === 'removed') return null;
  const active = snapshot.state !== 'success';
  return (
    <List.Item
      data-chunk-state={snapshot.state}
      actions={
        active
          ? [
              snapshot.state === 'uploading' || snapshot.state === 'check' ? <a onClick={() => upload.pause()}>{t('upload.pause')}</a> : null,
              snapshot.state === 'paused' ? <a onClick={() => void upload.resume()}>{t('upload.resume')}</a> : null,
              snapshot.state === 'error' ? <a onClick={() => void upload.retry()}>{t('upload.retry')}</a> : null,
              <a key="remove" onClick={() => upload.remove()}>
                {t('upload.remove')}
              </a>,
            ].filter(Boolean)
          : []
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size={0}>
        <span>
          {entry.name} · {t(`upload.state.${snapshot.state}`)}
        </span>
        <Progress percent={snapshot.progress} size="small" status={snapshot.state === 'error' ? 'exception' : undefined} />
      </Space>
    </List.Item>
  );
}

function ChunkUploadInput({ value, onChange, biz = 'annex', disabled }: ChunkUploadProps) {
  const { http } = useRuntime();
  const t = useFieldText();
  const transport = useMemo(() => httpChunkTransport(http, biz), [http, biz]);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [urls, setUrls] = useState<string[]>(() => pathsOf(value));
  const done = useMemo(
    () => (url: string) =>
      setUrls((current) => {
        if (current.includes(url)) return current;
        const next = [...current, url];
        onChange?.(next.join(','));
        return next;
      }),
    [onChange],
  );

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Upload
        multiple
        disabled={disabled}
        showUploadList={false}
        beforeUpload={(file) => {
          const upload = createChunkedUpload(file, { transport, hash: hashFile });
          setEntries((current) => [...current, { key: `${file.name}-${file.size}-${file.lastModified}`, name: file.name, upload }]);
          void upload.start();
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={disabled}>
          {t('upload.button')}
        </Button>
      </Upload>
      {entries.length > 0 && <List size="small" dataSource={entries} renderItem={(entry) => <ChunkRow key={entry.key} entry={entry} onDone={done} />} />}
      {urls.length > 0 && <span>{urls.map(nameOfPath).join(', ')}</span>}
    </Space>
  );
}

function ChunkUploadView({ value }: Pick<ChunkUploadProps, 'value'>) {
  return <span>{pathsOf(value).map(nameOfPath).join(', ')}</span>;
}

/** Large files in 5 MB chunks with pause, resume, retry and resume after a reload; the value is the download addresses. */
export const ChunkUpload = connect(ChunkUploadInput, mapReadPretty(ChunkUploadView));
