/** A request to print one record of a model (from a list's row action). */
export interface PrintRequest {
  modelId: string;
  recordId: string;
}

type Listener = (request: PrintRequest) => void;
const listeners = new Set<Listener>();

/** Asks the mounted PrintHost to open the print dialog (the action hook runs outside React). */
export function requestPrint(request: PrintRequest): void {
  for (const listener of listeners) listener(request);
}

export function onPrintRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
