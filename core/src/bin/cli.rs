//! `mcp-tool-result`: convert a CallToolResult from a file or stdin and print the Conversion.

use std::io::Read;
use std::process::ExitCode;

use mcp_tool_result::{json, Map, Options, Str, Target, Value};

const USAGE: &str = "usage:
  mcp-tool-result convert --to TARGET [--option key=value ...] [--pretty] [FILE|-]
  mcp-tool-result extract [--option key=value ...] [--pretty] [FILE|-]
  mcp-tool-result targets
  mcp-tool-result catalog      (every target, option and code as JSON)

Option values are parsed as JSON, else taken as a string (e.g. --option strict=true).";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(output) => {
            println!("{output}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("mcp-tool-result: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<String, String> {
    match args.first().map(String::as_str) {
        Some("targets") => Ok(Target::ALL
            .iter()
            .map(|t| format!("{:<17} {}", t.name(), t.description()))
            .collect::<Vec<_>>()
            .join("\n")),
        Some("catalog") => Ok(mcp_tool_result::catalog::to_json().trim_end().to_owned()),
        Some(command @ ("convert" | "extract")) => convert(command, &args[1..]),
        Some("-h" | "--help") | None => Ok(USAGE.to_owned()),
        Some(other) => Err(format!("unknown command {other:?}\n{USAGE}")),
    }
}

/// `convert --to TARGET` or `extract`, with options, a file or stdin, and `--pretty`.
fn convert(command: &str, args: &[String]) -> Result<String, String> {
    let mut target = None;
    let mut options: Vec<(String, String)> = Vec::new();
    let mut file = None;
    let mut pretty = false;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--to" if command == "convert" => target = Some(rest.next().ok_or("--to needs a target")?.clone()),
            "--option" => {
                let pair = rest.next().ok_or("--option needs key=value")?;
                let (key, value) = pair
                    .split_once('=')
                    .ok_or_else(|| format!("--option {pair:?} is not key=value"))?;
                options.push((key.to_owned(), value.to_owned()));
            }
            "--pretty" => pretty = true,
            path if file.is_none() => file = Some(path.to_owned()),
            extra => return Err(format!("unexpected argument {extra:?}\n{USAGE}")),
        }
    }
    let text = match file.as_deref() {
        None | Some("-") => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| format!("reading stdin: {e}"))?;
            text
        }
        Some(path) => std::fs::read_to_string(path).map_err(|e| format!("reading {path}: {e}"))?,
    };
    let options: Map<'_> = options
        .iter()
        .map(|(key, raw)| {
            (
                Str::owned(key.clone()),
                json::parse(raw).unwrap_or_else(|_| Value::string(raw.clone())),
            )
        })
        .collect();
    let options = Value::Object(options);
    let input = json::parse(&text).map_err(|e| e.to_string())?;
    let value = if command == "extract" {
        let options = Options::from_value(&options).map_err(|e| e.to_string())?;
        mcp_tool_result::extract_images(input, &options)
            .map_err(|e| e.to_string())?
            .into_value()
    } else {
        let target = target.ok_or_else(|| format!("convert needs --to TARGET\n{USAGE}"))?;
        let target = target.parse::<Target>().map_err(|e| e.to_string())?;
        let options = Options::from_value(&options).map_err(|e| e.to_string())?;
        mcp_tool_result::convert(input, target, &options)
            .map_err(|e| e.to_string())?
            .into_value()
    };
    Ok(if pretty {
        json::to_string_pretty(&value)
    } else {
        json::to_string(&value)
    })
}
