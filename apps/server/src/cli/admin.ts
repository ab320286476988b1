// The operator's tool for the catalogue and discount codes (issue 5) and organisations (issue 12):
//   npm run admin -- products list|create|update|deactivate ...
//   npm run admin -- coupons list|create|update|deactivate ...
//   npm run admin -- plans list|update ...; prices list|update ...; organisations follow-up|followed-up ...
// It works on the database the server uses (DATABASE_URL, or the embedded PostgreSQL of DATA_DIR,
// attached to while the server runs). `npm run admin -- help` prints the usage.
import { runAdminCommand } from './admin-command.ts';

process.exitCode = await runAdminCommand(process.argv.slice(2), process.env, {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
});
