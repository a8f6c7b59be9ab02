"""From a task to a model and back: prompts (``prompts``, ``template``, ``instructions``),
requests to any OpenAI-compatible endpoint (``client``), the execution-feedback loop
(``feedback``) and the resumable run that writes a batch manifest (``generate``,
``journal``). Sits above ``runner`` (it uses the sandbox, the task registry and the code
extraction of batch grading) and below ``cli``. Nothing here reads a rubric's criteria or
a reference output.
"""
