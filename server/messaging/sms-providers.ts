import type { AppContext } from '../context';
import type { SmsAccountSettings, SmsProvider } from './sms-provider';

export type SmsProviderFactory = (account: SmsAccountSettings, app: AppContext) => SmsProvider;

// Factories by account type (`sms-account.accountType`). A deployment plugs a real provider in by
// registering its factory at start; an account whose type has none uses the outbox.
const factories = new Map<string, SmsProviderFactory>();

export function registerSmsProvider(accountType: SmsAccountSettings['accountType'], factory: SmsProviderFactory): void {
  factories.set(accountType, factory);
}

export function smsProviderFactory(accountType: string): SmsProviderFactory | undefined {
  return factories.get(accountType);
}
