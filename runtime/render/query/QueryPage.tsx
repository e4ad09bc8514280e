import { useMemo, useState } from 'react';
import { createReportDataProvider, type ReportParamValues } from '../../data/report/createReportDataProvider';
import { ListPage } from '../list/ListPage';
import { useRuntime } from '../RuntimeProvider';
import type { ScreenProps } from '../screen/createScreenRegistry';
import { ReportParamsForm } from './ReportParamsForm';

/**
 * A report (screen.kind 'query', docs/model-format.md "Reports"): its parameters, then the list page
 * read-only over the online-report calls — search, page, sort, totals and the model's export, never
 * add, edit, delete or state. Until the user submits parameters the server takes their defaults, so
 * the first page ModelPage requested ahead is this page's.
 */
export function QueryPage(props: ScreenProps) {
  const { http } = useRuntime();
  const reportId = props.served.model.id;
  const [params, setParams] = useState<ReportParamValues>();
  const provider = useMemo(() => (params ? createReportDataProvider(reportId, http, { params }) : undefined), [params, reportId, http]);
  return (
    <>
      <ReportParamsForm served={props.served} onSubmit={setParams} />
      <ListPage {...props} dataProvider={provider} readOnly selectable={false} />
    </>
  );
}
