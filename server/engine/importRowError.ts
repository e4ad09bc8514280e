/** One reason a row cannot be imported: the sheet row, the column as headed in the file, the value given. */
export interface RowError {
  row: number;
  column: string;
  value: string;
  message: string;
}
