// `npm run restore -- FILE`: replaces the server's database with a backup made by `npm run backup`
// (issue 14), refusing while a server uses it: a .tar.gz replaces the embedded database's data
// directory (embedded-restore.ts), a .dump goes through pg_restore. `--help` prints the usage.
import { runRestoreCommand } from './restore-command.ts';

process.exitCode = await runRestoreCommand(process.argv.slice(2), process.env, {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
});
