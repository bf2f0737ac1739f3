export * from './wallet.ts';
