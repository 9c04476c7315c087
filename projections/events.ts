// Every event the domain defines, one union (domain/events.ts): projections name the types they handle and get
// these, narrowed (projection.ts defineProjection), so a field renamed in domain/ fails the type check in the read model.
export type { AnyDomainEvent, AnyEventType } from '../domain/events';
