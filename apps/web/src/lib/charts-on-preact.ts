import { setAutoFreeze } from 'immer';

// Recharts keeps a chart's state in a Redux store whose reducers are Immer's, and Immer freezes
// what it stores: among it the elements a chart is given (its tooltip, labels, cells). React never
// writes on an element; Preact, which the app runs on, writes its bookkeeping on each one as it
// draws it, so a frozen element threw "Cannot assign to read only property '__'" and the chart's
// section showed its error instead (in a browser only: jsdom gives charts no size, so they never
// stored any). Immer is told not to freeze. Every module that draws with recharts imports this.
setAutoFreeze(false);

export {};
