// The basic Plotly bundle (bar, scatter, pie) ships no types of its own; it has the API of plotly.js.
declare module 'plotly.js-basic-dist-min' {
  import Plotly from 'plotly.js';
  export default Plotly;
}
