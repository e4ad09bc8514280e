import { Alert, Button, Input, List, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelFile } from '../../runtime/model/types';
import type { DesignApi, Problem } from '../persistence/designApi';

const CHECK_DELAY_MS = 400;

/**
 * The model as its JSON text, editable, checked as the user types by the server's release checks (the
 * meta-schema and the model rules), each problem shown at its JSON path. Apply makes the text the
 * model (one undoable step); the designer never keeps a second format.
 */
export function JsonView({ model, api, onApply }: { model: ModelFile; api: DesignApi; onApply(model: ModelFile): void }) {
  const { t } = useTranslation('designerApp');
  const [text, setText] = useState(() => JSON.stringify(model, null, 2));
  const [problems, setProblems] = useState<Problem[] | null>(null);
  const [parseError, setParseError] = useState<string | null>(null);

  useEffect(() => setText(JSON.stringify(model, null, 2)), [model]);

  useEffect(() => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
      setParseError(null);
    } catch (error) {
      setParseError((error as Error).message);
      setProblems(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      api
        .check(parsed)
        .then((found) => live && setProblems(found))
        .catch(() => live && setProblems(null));
    }, CHECK_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, api]);

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="json-view">
      {parseError ? <Alert type="error" showIcon message={t('json.parseError', { message: parseError })} /> : null}
      {problems && problems.length === 0 && !parseError ? <Alert type="success" showIcon message={t('json.valid')} /> : null}
      {problems && problems.length > 0 ? (
        <Alert
          type="error"
          showIcon
          message={t('json.problems', { count: problems.length })}
          description={
            <List
              size="small"
              dataSource={problems}
              renderItem={(p) => (
                <List.Item data-json-path={p.path}>
                  <Typography.Text code>{p.path}</Typography.Text> {p.message}
                </List.Item>
              )}
            />
          }
        />
      ) : null}
      <Input.TextArea
        aria-label="JSON"
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 20, maxRows: 40 }}
        style={{ fontFamily: 'monospace', fontSize: 12 }}
        spellCheck={false}
      />
      <Button type="primary" disabled={parseError !== null || text === JSON.stringify(model, null, 2)} onClick={() => onApply(JSON.parse(text) as ModelFile)}>
        {t('json.apply')}
      </Button>
    </Space>
  );
}
