export * from './account.ts';
export * from './admin-users.ts';
export * from './auth.ts';
export * from './proof.ts';
export * from './sign-out.ts';
export * from './wallet.ts';
