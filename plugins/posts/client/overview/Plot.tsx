import createPlotlyComponent from 'react-plotly.js/factory';
import Plotly from 'plotly.js-basic-dist-min';

/**
 * Plotly's basic bundle (bar, scatter, pie; ../shared/guide/stack.md): only overview panels import this module,
 * lazily, so the sign-in page and the table never load it.
 */
const Plot = createPlotlyComponent(Plotly);
export default Plot;
