/** The only file other plugins may import: the topic engine's types and schemas. */
export * from './types';
