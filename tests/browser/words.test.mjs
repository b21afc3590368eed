// Unit tests for the move-to-words text (plain module, run in Node).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeMove, directionOf, holdFace, invertMove } from '../../www/words.js';

const NAMES = ['white', 'red', 'green', 'yellow', 'orange', 'blue'];

test('3x3 moves name the face by position and centre colour, and the direction', () => {
  assert.equal(
    describeMove('F', 3, NAMES),
    'Turn the front face (the one with the green centre) a quarter turn clockwise, as seen looking straight at that face.',
  );
  assert.equal(
    describeMove("U'", 3, NAMES),
    'Turn the top face (the one with the white centre) a quarter turn counter-clockwise, as seen looking straight at that face.',
  );
  assert.equal(describeMove('B2', 3, NAMES), 'Turn the back face (the one with the blue centre) a half turn (either way).');
  assert.match(describeMove('D', 3, ['yellow', 'green', 'red', 'white', 'blue', 'orange']), /bottom face \(the one with the white centre\)/);
});

test('2x2 moves name the face by its position as held', () => {
  assert.equal(describeMove("R'", 2, NAMES), 'Turn the right face a quarter turn counter-clockwise, as seen looking straight at that face.');
  assert.equal(describeMove('L2', 2, NAMES), 'Turn the left face a half turn (either way).');
});

test('directions and inverses', () => {
  assert.deepEqual(['R', "R'", 'R2'].map(directionOf), ['cw', 'ccw', 'half']);
  assert.deepEqual(['R', "R'", 'R2'].map(invertMove), ["R'", 'R', 'R2']);
});

test('how to hold the cube for each face: by centre colours on a 3x3, by place without them', () => {
  const name = (f) => ({ U: 'white', F: 'green', R: 'red', D: 'yellow', L: 'orange', B: 'blue' })[f];
  assert.equal(holdFace('F', name), 'the front face (green centre): white on top, green facing you');
  assert.equal(holdFace('R', name), 'the right face (red centre): from the front, turn the whole cube a quarter to the left, white still on top');
  assert.equal(holdFace('U'), 'the top face: hold the front towards you and look down at the top; the row away from you is the first row');
  for (const f of 'URFDLB') assert.doesNotMatch(holdFace(f), /centre|white|green/, `${f} without colours`);
});
