/** The widths of the table's own columns, left of the data: drag handle, checkbox, row number. */
export const CONTROL_WIDTH = { drag: 40, select: 40, number: 50 } as const;

/** Which of the table's own columns are shown. */
export interface TableControls {
  dragSort: boolean;
  rowSelection: boolean;
  rowNumber: boolean;
}

export function controlsWidth(controls: TableControls): number {
  return (controls.dragSort ? CONTROL_WIDTH.drag : 0) + (controls.rowSelection ? CONTROL_WIDTH.select : 0) + (controls.rowNumber ? CONTROL_WIDTH.number : 0);
}

export const controlCellStyle = (width: number) =>
  ({ width, flex: `0 0 ${width}px`, display: 'flex', alignItems: 'center', justifyContent: 'center', alignSelf: 'stretch' }) as const;
