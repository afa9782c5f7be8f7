import createPlotlyComponent from 'react-plotly.js/factory';
import Plotly from 'plotly.js-basic-dist-min';

/** Plotly's basic bundle, loaded only with the metrics panel (lazy), like the posts plugin's overview charts. */
const Plot = createPlotlyComponent(Plotly);
export default Plot;
