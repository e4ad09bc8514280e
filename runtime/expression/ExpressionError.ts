/** What is wrong with an expression; servers map the code to their own message catalogue. */
export type ExpressionErrorCode = 'syntax' | 'unknownField' | 'unknownFunction' | 'notAllowed' | 'arity';

/**
 * A model expression that cannot be compiled. The message names the expression, the problem and the
 * character position (0-based) where it was found.
 */
export class ExpressionError extends Error {
  readonly code: ExpressionErrorCode;
  readonly expression: string;
  /** 0-based character index in the expression, when known */
  readonly position: number | undefined;
  /** the identifier, function or operator the error is about */
  readonly subject: string | undefined;

  constructor(code: ExpressionErrorCode, problem: string, expression: string, position?: number, subject?: string) {
    super(`${problem}${position === undefined ? '' : ` at character ${position}`} in expression "${expression}"`);
    this.name = 'ExpressionError';
    this.code = code;
    this.expression = expression;
    this.position = position;
    this.subject = subject;
  }
}
