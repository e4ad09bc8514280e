/** What a function is handed besides its arguments. */
export interface CallContext {
  /** the current time (tests and the server pass their own clock) */
  now(): Date;
}

/** One callable of the expression language; its argument count is checked when an expression compiles. */
export interface ExpressionFunction {
  minArgs: number;
  maxArgs: number;
  call(args: unknown[], context: CallContext): unknown;
}
