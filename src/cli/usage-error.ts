/** A wrong flag, a path that does not exist, a glob that matches nothing: exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
