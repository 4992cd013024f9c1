import { relations } from 'drizzle-orm';
import { brands, configurations, generations, models } from './catalog';
import { cities } from './cities';
import { draftContacts, draftMedia, drafts } from './drafts';
import { filters } from './filters';
import { notes } from './notes';
import { orderParts, orders, partners, prompts } from './partners';
import { payments } from './payments';
import { postMedia, posts } from './posts';
import { tickets } from './tickets';
import { sessions, users } from './users';

// Relations only feed drizzle's relational query API (db.query.*); they create no SQL.

export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  posts: many(posts),
  drafts: many(drafts),
  notes: many(notes),
  filters: many(filters),
  tickets: many(tickets),
  payments: many(payments),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const brandsRelations = relations(brands, ({ many }) => ({
  models: many(models),
}));

export const modelsRelations = relations(models, ({ one, many }) => ({
  brand: one(brands, { fields: [models.brandId], references: [brands.id] }),
  generations: many(generations),
}));

export const generationsRelations = relations(generations, ({ one, many }) => ({
  model: one(models, { fields: [generations.modelId], references: [models.id] }),
  configurations: many(configurations),
}));

export const configurationsRelations = relations(configurations, ({ one }) => ({
  generation: one(generations, { fields: [configurations.generationId], references: [generations.id] }),
}));

export const postsRelations = relations(posts, ({ one, many }) => ({
  user: one(users, { fields: [posts.userId], references: [users.id] }),
  brand: one(brands, { fields: [posts.brandId], references: [brands.id] }),
  model: one(models, { fields: [posts.modelId], references: [models.id] }),
  generation: one(generations, { fields: [posts.generationId], references: [generations.id] }),
  configuration: one(configurations, { fields: [posts.configurationId], references: [configurations.id] }),
  city: one(cities, { fields: [posts.cityId], references: [cities.id] }),
  media: many(postMedia),
  notes: many(notes),
}));

export const postMediaRelations = relations(postMedia, ({ one }) => ({
  post: one(posts, { fields: [postMedia.postId], references: [posts.id] }),
}));

export const draftsRelations = relations(drafts, ({ one, many }) => ({
  user: one(users, { fields: [drafts.userId], references: [users.id] }),
  brand: one(brands, { fields: [drafts.brandId], references: [brands.id] }),
  model: one(models, { fields: [drafts.modelId], references: [models.id] }),
  generation: one(generations, { fields: [drafts.generationId], references: [generations.id] }),
  configuration: one(configurations, { fields: [drafts.configurationId], references: [configurations.id] }),
  publishedPost: one(posts, { fields: [drafts.publishedPostId], references: [posts.id] }),
  media: many(draftMedia),
  contacts: many(draftContacts),
}));

export const draftMediaRelations = relations(draftMedia, ({ one }) => ({
  draft: one(drafts, { fields: [draftMedia.draftId], references: [drafts.id] }),
}));

export const draftContactsRelations = relations(draftContacts, ({ one }) => ({
  draft: one(drafts, { fields: [draftContacts.draftId], references: [drafts.id] }),
}));

export const notesRelations = relations(notes, ({ one }) => ({
  user: one(users, { fields: [notes.userId], references: [users.id] }),
  post: one(posts, { fields: [notes.postId], references: [posts.id] }),
}));

export const filtersRelations = relations(filters, ({ one }) => ({
  user: one(users, { fields: [filters.userId], references: [users.id] }),
}));

export const ticketsRelations = relations(tickets, ({ one }) => ({
  user: one(users, { fields: [tickets.userId], references: [users.id] }),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  user: one(users, { fields: [payments.userId], references: [users.id] }),
}));

export const partnersRelations = relations(partners, ({ many }) => ({
  prompts: many(prompts),
  orders: many(orders),
}));

export const promptsRelations = relations(prompts, ({ one }) => ({
  partner: one(partners, { fields: [prompts.partnerId], references: [partners.id] }),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  partner: one(partners, { fields: [orders.partnerId], references: [partners.id] }),
  parts: many(orderParts),
}));

export const orderPartsRelations = relations(orderParts, ({ one }) => ({
  order: one(orders, { fields: [orderParts.orderId], references: [orders.id] }),
}));
