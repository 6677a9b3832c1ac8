// cognito-local 5.3.0 still loads aws-sdk v2, which prints an end-of-support notice on every start;
// the notice is about cognito-local's dependency, not something a portal developer can act on.
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
export {};
