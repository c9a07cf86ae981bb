/**
 * A start-up failure the user can act on. Its message is meant to be printed as it is, without a stack
 * trace: `npm start` shows it and exits 1. The first line says what is wrong; any further lines are the
 * evidence (the tail of a log).
 */
export class StackError extends Error {
  override readonly name = 'StackError';
}

/** A port the stack needs is taken. The message is the one line the user sees. */
export class PortInUseError extends StackError {
  constructor(
    readonly port: number,
    readonly setting: string,
  ) {
    super(`Port ${port} (${setting}) is in use. Stop whatever uses it or set ${setting} to a free port.`);
  }
}
