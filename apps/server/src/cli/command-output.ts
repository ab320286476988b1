/** Where a command-line tool writes: the process's streams, or a test's buffers. */
export interface CommandOutput {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}
