/** What other plugins may import from the template: its filter dimensions (tests show them in the posts explorer). */
export { TEMPLATE_DIMENSIONS, POST_LENGTHS } from './dimensions';
