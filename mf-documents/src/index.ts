// The stylesheet belongs to the entry: the build writes it as a <link> in the page's head.
import 'shared-ui/styles.css';

// Async boundary: the federation runtime negotiates the shared singletons before bootstrap runs.
import('./bootstrap.js');
