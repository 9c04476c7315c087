import type { ComponentType } from 'react';
import type { ConsoleResource } from './access';
import posts from './posts';
import transactions from './transactions';
import subscribers from './subscribers';
import users from './users';
import events from './events';
import audit from './audit';
import outbox from './outbox';
import { settingsResource } from './settings-index';
import feedTags from './tags';
import cryptoPayments from './wallet';

export interface ResourceModule {
  list: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  icon: ComponentType;
}

export const RESOURCES: Record<ConsoleResource, ResourceModule & { label?: string; recordRepresentation?: string }> = {
  posts: { ...posts, recordRepresentation: 'caption' },
  'feed-tags': { ...feedTags, label: 'Feed tags', recordRepresentation: 'name' },
  transactions,
  'crypto-payments': { ...cryptoPayments, label: 'Crypto payments' },
  subscribers: { ...subscribers, recordRepresentation: 'email' },
  users: { ...users, recordRepresentation: 'email' },
  events: { ...events, label: 'Event log', recordRepresentation: 'type' },
  audit: { ...audit, label: 'Audit' },
  outbox: { ...outbox, label: 'Outbox', recordRepresentation: 'subject' },
  settings: { ...settingsResource, label: 'All settings' },
};
