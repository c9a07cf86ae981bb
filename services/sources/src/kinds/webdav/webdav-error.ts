import type { SourceProblem } from '@trove/contracts';

/** A file share's failure with the card's problem and words (what happened; what to do is webdavFailure's). */
export class WebdavError extends Error {
  constructor(
    readonly problem: SourceProblem,
    message: string,
  ) {
    super(message);
    this.name = 'WebdavError';
  }
}
