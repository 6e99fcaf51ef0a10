// index.d.ts against the protocol's JSON Schemas: every request method has its entry in the
// `Methods` map, every error code is in the `ErrorCode` union, every notification and room
// event type is typed, and nothing is typed that the schemas do not have. A method, code or event
// added to the schemas fails this test until the types have it.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const read = (relative) => readFileSync(new URL(relative, import.meta.url), 'utf8');
const requestSchema = JSON.parse(read('../../../protocol/schema/request.schema.json'));
const serverSchema = JSON.parse(read('../../../protocol/schema/server_message.schema.json'));
const types = read('../index.d.ts');

const sorted = (values) => [...new Set(values)].sort();

// The text of `export interface NAME { ... }` or `export type NAME = ...;` in index.d.ts.
function declaration(name) {
  const start = types.search(new RegExp(`^export (interface|type) ${name}\\b`, 'm'));
  assert.ok(start >= 0, `index.d.ts declares ${name}`);
  const rest = types.slice(start);
  const end = rest.startsWith('export interface') ? rest.search(/^\}/m) : rest.indexOf(';\n');
  return rest.slice(0, end + 1);
}

// The keys of an interface: its members at the first level of indentation.
function keys(name) {
  return [...declaration(name).matchAll(/^ {2}'?([a-z_.]+)'?:/gm)].map((m) => m[1]);
}

// The string literals of a union type.
function literals(name) {
  return [...declaration(name).matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
}

test('every request method of the schema has an entry in Methods, and no other', () => {
  assert.deepEqual(sorted(keys('Methods')), sorted(requestSchema.definitions.method.enum));
});

test('every error code of the schema is in the ErrorCode union, and no other', () => {
  const d = serverSchema.definitions;
  const codes = [
    ...d.error_code.anyOf.flatMap((branch) => branch.enum ?? []),
    ...d.params_error_code.enum,
    ...d.application_error_code.enum,
  ];
  assert.equal(d.error_code.anyOf.length, 3, 'error_code is the three lists read here');
  assert.deepEqual(sorted(literals('ErrorCode')), sorted(codes));
});

test('every notification of the schema is in Notifications, and no other', () => {
  const methods = serverSchema.definitions.notification.properties.method.enum;
  assert.deepEqual(sorted(keys('Notifications')), sorted(methods));
});

test('every room event type of the schema is typed, and no other', () => {
  const eventTypes = serverSchema.definitions.room_event.properties.type.enum;
  // The `type` member of each interface that extends EventBase.
  const events = [...types.matchAll(/^export interface (\w+) extends EventBase\b/gm)];
  const typed = events.flatMap(([, name]) => {
    const member = /^ {2}type: (.*);$/m.exec(declaration(name));
    assert.ok(member, `${name} has a type`);
    return [...member[1].matchAll(/'([a-z_]+)'/g)].map((x) => x[1]);
  });
  assert.deepEqual(sorted(typed), sorted(eventTypes));
});

test('the errors the client makes itself are typed', async () => {
  const { CONNECTION_ERROR_CODES } = await import('../index.js');
  assert.deepEqual(sorted(literals('ConnectionErrorCode')), sorted(CONNECTION_ERROR_CODES));
});

test('the values index.d.ts declares are the ones index.js exports', async () => {
  const declared = [...types.matchAll(/^export (?:class|const|function) (\w+)/gm)].map((m) => m[1]);
  assert.deepEqual(sorted(declared), sorted(Object.keys(await import('../index.js'))));
});
