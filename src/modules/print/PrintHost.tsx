import { Suspense, useEffect, useState } from 'react';
import { onPrintRequest, type PrintRequest } from './printRequests';
import { dialogFailure, lazyPart } from '../../../runtime/render/lazyPart';

// the dialog, the printout and their texts load with the first print
const PrintDialog = lazyPart(
  async () => (await import('./PrintDialog')).PrintDialog,
  dialogFailure((props) => props.onClose()),
);

/** Where print requests open their dialog, inside the app's providers (theme, language, runtime). */
export function PrintHost() {
  const [request, setRequest] = useState<PrintRequest | null>(null);
  useEffect(() => onPrintRequest(setRequest), []);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <PrintDialog key={`${request.modelId}:${request.recordId}`} request={request} onClose={() => setRequest(null)} />
    </Suspense>
  );
}
