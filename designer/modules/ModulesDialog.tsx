import { Alert, App, Button, Checkbox, Descriptions, List, Modal, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../runtime/data/ApiError';
import { alreadyShown } from '../../runtime/render/useFeedback';
import { saveBlob } from '../../runtime/render/list/tools/saveBlob';
import type { DesignApi, DesignRow, ImportPlan } from '../persistence/designApi';

const STATUS_COLOR = { new: 'green', changed: 'orange', unchanged: 'default' } as const;

/** Rows holding data in the columns the plan would drop or retype. */
function rowsAtRisk(plan: ImportPlan): number {
  return plan.models.reduce((sum, m) => sum + m.atRisk.reduce((n, c) => n + c.rows, 0), 0);
}

/** What an import would do, before anything changes: the models, their column changes and rows at risk, the dictionaries, the problems. */
function PlanView({ plan }: { plan: ImportPlan }) {
  const { t } = useTranslation('designerApp');
  return (
    <div data-testid="import-plan">
      {plan.problems.length > 0 ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('modules.problems', { count: plan.problems.length })}
          description={
            <List
              size="small"
              dataSource={plan.problems}
              renderItem={(p) => (
                <List.Item>
                  <Typography.Text code>{`${p.file}${p.path}`}</Typography.Text> {p.message}
                </List.Item>
              )}
            />
          }
        />
      ) : null}
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={plan.models}
        columns={[
          { title: t('modules.model'), dataIndex: 'id', render: (id: string, m) => `${m.title} (${id})` },
          { title: t('modules.status'), dataIndex: 'status', render: (s: keyof typeof STATUS_COLOR) => <Tag color={STATUS_COLOR[s]}>{t(`modules.${s}`)}</Tag> },
          {
            title: t('modules.columns'),
            key: 'fields',
            render: (_: unknown, m) => (
              <Space direction="vertical" size={0}>
                {m.fields.added.length > 0 ? <span>{t('modules.added', { fields: m.fields.added.join(', ') })}</span> : null}
                {m.fields.removed.length > 0 ? <span>{t('modules.removed', { fields: m.fields.removed.join(', ') })}</span> : null}
                {m.fields.retyped.length > 0 ? <span>{t('modules.retyped', { fields: m.fields.retyped.map((r) => r.field).join(', ') })}</span> : null}
              </Space>
            ),
          },
          {
            title: t('modules.atRisk'),
            key: 'atRisk',
            render: (_: unknown, m) =>
              m.atRisk.map((c) => (
                <Tag key={c.column} color={c.rows > 0 ? 'red' : 'default'}>
                  {t('modules.rows', { field: c.field, rows: c.rows })}
                </Tag>
              )),
          },
        ]}
      />
      <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
        <Descriptions.Item label={t('modules.dicts')}>
          {plan.dicts.map((d) => (
            <Tag key={d.code} color={STATUS_COLOR[d.status]}>
              {d.code} · {t(`modules.${d.status}`)}
            </Tag>
          ))}
        </Descriptions.Item>
        {plan.removed.length > 0 ? <Descriptions.Item label={t('modules.notInFolder')}>{plan.removed.join(', ')}</Descriptions.Item> : null}
      </Descriptions>
    </div>
  );
}

export interface ModulesDialogProps {
  api: DesignApi;
  rows: DesignRow[];
  open: boolean;
  onClose(): void;
  /** after an import (the shell reloads its menus; the designer its list) */
  onImported(): void;
}

/**
 * Modules as files: export released designs as module folders in a zip; import a zip after a preview of
 * what it would do (new, changed and unchanged models, the columns it drops or retypes and the rows at
 * risk, dictionaries, problems). An import with problems cannot be confirmed; one that drops data needs
 * an explicit tick. The server checks and does everything in one transaction.
 */
export function ModulesDialog({ api, rows, open, onClose, onImported }: ModulesDialogProps) {
  const { t } = useTranslation('designerApp');
  const { message } = App.useApp();
  const [exportIds, setExportIds] = useState<string[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [busy, setBusy] = useState(false);
  const atRisk = plan ? rowsAtRisk(plan) : 0;
  // the server's reason (not a zip, damaged, too large, refused at import) shows; nothing is left to confirm
  // (its requests leave their business failures to it; the HTTP client shows the others, e.g. a 403)
  const fail = (error: unknown) => {
    if (!alreadyShown(error)) void message.error(isApiError(error) ? error.message : String(error), 8);
  };

  const exportNow = async () => {
    setBusy(true);
    try {
      saveBlob(await api.exportModule(exportIds), 'module.zip');
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };
  const preview = async (picked: File) => {
    setFile(picked);
    setPlan(null);
    setAccepted(false);
    try {
      setPlan(await api.previewImport(picked));
    } catch (error) {
      setFile(null);
      fail(error);
    }
  };
  const importNow = async () => {
    if (!file) return;
    setBusy(true);
    try {
      await api.importModule(file, atRisk > 0);
      message.success(t('modules.imported'));
      setFile(null);
      setPlan(null);
      onImported();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={t('modules.title')} width={900} footer={null} onCancel={onClose} maskClosable={false} destroyOnClose>
      <Typography.Title level={5}>{t('modules.export')}</Typography.Title>
      <Space style={{ marginBottom: 16 }}>
        <Select
          mode="multiple"
          aria-label={t('modules.export')}
          style={{ width: 480 }}
          placeholder={t('modules.pickModels')}
          value={exportIds}
          onChange={setExportIds}
          options={rows.filter((r) => r.state === 1).map((r) => ({ value: r.enCode, label: `${r.fullName} (${r.enCode})` }))}
        />
        <Button onClick={() => void exportNow()} disabled={exportIds.length === 0} loading={busy}>
          {t('modules.exportButton')}
        </Button>
      </Space>
      <Typography.Title level={5}>{t('modules.import')}</Typography.Title>
      <Upload
        accept=".zip"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(picked) => {
          void preview(picked);
          return false;
        }}
      >
        <Button>{t('modules.pickFile')}</Button>
      </Upload>
      {file ? <Typography.Text style={{ marginLeft: 8 }}>{file.name}</Typography.Text> : null}
      {plan ? (
        <div style={{ marginTop: 12 }}>
          <PlanView plan={plan} />
          {atRisk > 0 ? (
            <Checkbox style={{ marginTop: 12 }} checked={accepted} onChange={(e) => setAccepted(e.target.checked)}>
              {t('modules.acceptRisk', { rows: atRisk })}
            </Checkbox>
          ) : null}
          <div style={{ marginTop: 12, textAlign: 'right' }}>
            <Button
              type="primary"
              danger={atRisk > 0}
              loading={busy}
              disabled={plan.problems.length > 0 || (atRisk > 0 && !accepted)}
              onClick={() => void importNow()}
            >
              {t('modules.confirmImport')}
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
