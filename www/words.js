// Moves in words for a person holding the cube. Plain functions, no DOM: unit-tested in Node.
export const FACES = ['U', 'R', 'F', 'D', 'L', 'B'];
export const FACE_WORDS = { U: 'top', R: 'right', F: 'front', D: 'bottom', L: 'left', B: 'back' };

// 'cw', 'ccw' or 'half' for a move such as R, R' or R2.
export function directionOf(move) {
  if (move.endsWith('2')) return 'half';
  return move.endsWith("'") ? 'ccw' : 'cw';
}

export function invertMove(move) {
  if (move.endsWith('2')) return move;
  return move.endsWith("'") ? move[0] : `${move}'`;
}

// "Turn the front face (the one with the green centre) a quarter turn clockwise, as seen
// looking straight at that face." `names[f]` is the colour of face f as held (3x3: its centre).
export function describeMove(move, size, names) {
  const face = move[0];
  const where = FACE_WORDS[face];
  const turn = {
    cw: 'a quarter turn clockwise',
    ccw: 'a quarter turn counter-clockwise',
    half: 'a half turn (either way)',
  }[directionOf(move)];
  const colour = names?.[FACES.indexOf(face)];
  const which = size === 3 && colour ? ` (the one with the ${colour} centre)` : '';
  const seen = directionOf(move) === 'half' ? '' : ', as seen looking straight at that face';
  return `Turn the ${where} face${which} ${turn}${seen}.`;
}

// How to hold the cube to show `face`, from the front, as a phrase ("the right face: from the
// front, turn the whole cube a quarter to the left, white still on top"). `name(f)` gives the
// colour of face f (a letter) by its centre; without it (the camera, a 2x2, which has no
// centres) faces are named by where they are.
export function holdFace(face, name = null) {
  const centre = (f) => (name ? ` (${name(f)} centre)` : '');
  const top = name ? `${name('U')} still on top` : 'the top still on top';
  const front = name ? name('F') : 'the front';
  const how = {
    U: `hold ${front} towards you and look down at the top; the row away from you is the first row`,
    R: `from the front, turn the whole cube a quarter to the left, ${top}`,
    F: name ? `${name('U')} on top, ${name('F')} facing you` : 'the top on top, facing you',
    D: `from the front, tip the top away from you so the bottom faces you, ${front} at the top`,
    L: `from the front, turn the whole cube a quarter to the right, ${top}`,
    B: `from the front, turn the whole cube half way round, ${top}`,
  }[face];
  return `the ${FACE_WORDS[face]} face${centre(face)}: ${how}`;
}
