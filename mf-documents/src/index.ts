// Async boundary: the federation runtime negotiates the shared singletons before bootstrap runs.
import('./bootstrap.js');
