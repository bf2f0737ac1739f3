import '../platform/node/supported.ts';
import { parseArgs } from 'node:util';
import { CreateUserRequestSchema, NewPasswordSchema, RoleSchema } from '@console/contract';
import { closeDatabase, openDatabase } from '../db/index.ts';
import { AccountLinks } from '../identity/links.ts';
import { passwordProblem } from '../identity/password-policy.ts';
import { Sessions } from '../identity/sessions.ts';
import { officeUsers } from '../identity/user-states.ts';
import { Users } from '../identity/users.ts';
import { loadEnvFile, readEnv } from '../platform/env.ts';

/**
 * Users for a real deployment:
 *   pnpm --filter @console/bff users invite --email a@b.com --name "Ann Lee" --role admin   (prints a one-time link)
 *   pnpm --filter @console/bff users create --email a@b.com --name "Ann Lee" --role admin   (password from stdin)
 *   pnpm --filter @console/bff users list
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
  },
});

/** The password, from standard input only: on the command line it would land in the shell's history and `ps`. */
async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stdout.write('Password (12+ characters, not a well-known one): ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8').split('\n')[0]?.trim() ?? '';
}

// The same settings as the console it makes users for: apps/bff/.env, then the environment.
loadEnvFile();
const env = readEnv();
const db = await openDatabase(env.DATABASE_URL);
const users = new Users(db, new Sessions(db, { idleMs: 0, absoluteMs: 0 }));
try {
  if (positionals[0] === 'create' || positionals[0] === 'invite') {
    const input = CreateUserRequestSchema.safeParse({
      email: values.email,
      name: values.name,
      role: RoleSchema.parse(values.role ?? 'agent'),
    });
    if (!input.success) {
      console.error(input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
      process.exitCode = 1;
    } else if (await users.findByEmail(input.data.email)) {
      console.error(`${input.data.email} already has an account.`);
      process.exitCode = 1;
    } else if (positionals[0] === 'invite') {
      // The first admin of a deployment, as an admin invites anyone: a one-time link to choose a password with.
      const user = await users.createInvited(input.data);
      const link = await new AccountLinks(db).create(user.id, 'invite', 'the users command');
      const base = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
      console.log(`Invited ${user.role} ${user.email} (${user.id}). Their link, once, for 72 hours:`);
      console.log(`${base}/welcome#${link.token}`);
    } else {
      const password = await readPassword();
      const problem =
        NewPasswordSchema.safeParse(password).error?.issues[0]?.message ??
        passwordProblem(password, [input.data.name, input.data.email.split('@')[0] ?? '']);
      if (problem) {
        console.error(`password: ${problem}`);
        process.exitCode = 1;
      } else {
        const user = await users.createUser({ ...input.data, password });
        console.log(`Created ${user.role} ${user.email} (${user.id}).`);
      }
    }
  } else if (positionals[0] === 'list') {
    let after: string | undefined;
    do {
      const page = await users.list({ limit: 200, after });
      // Each person's state as it is (decision 041): an invited person is not active.
      const people = await officeUsers({ users, links: new AccountLinks(db), clock: Date.now }, page.data);
      for (const user of people)
        console.log(
          `${user.id}  ${user.role.padEnd(5)}  ${user.state.padEnd(8)}  ${user.email}  ${user.name}`,
        );
      after = page.next_cursor ?? undefined;
    } while (after);
  } else {
    console.error(
      'usage: users create --email E --name N --role agent|admin (password on standard input)  |  users list',
    );
    process.exitCode = 2;
  }
} finally {
  await closeDatabase(db);
}
