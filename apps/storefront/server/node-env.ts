// First of the production server's imports: React, React Router and the built app pick their
// production or development code from NODE_ENV when first loaded, and the server runs a production
// build. Unset, it would load React's development code beside the build's production renderer (and
// whatever loaded first would win): as react-router-serve does, NODE_ENV defaults to production here.
process.env.NODE_ENV ??= 'production';
