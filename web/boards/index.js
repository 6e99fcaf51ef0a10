// The board of each game, one file per game, loaded when a room of that game is first shown.
// Each exports createBoard({ host, toolbar, controller }) -> { update(model), destroy() };
// see pages/room.js for the model and the controller.

const BOARDS = {
  amazons: () => import('./amazons.js'),
  arimaa: () => import('./arimaa.js'),
  esiema: () => import('./esiema.js'),
  shiamgon: () => import('./shiamgon.js'),
  sisyphos: () => import('./sisyphos.js'),
};

// null for a game this client cannot draw: the page then shows the position text.
export async function boardFor(game) {
  const load = BOARDS[game];
  return load ? (await load()).createBoard : null;
}
